"""Outside opponents for the bots' arena (development and bench only).

This sub-package is never shipped in the site (``package_files`` of tools/site.py leaves it out,
tested in tests/test_build.py) and needs packages that are no runtime dependency of pygames:
``coup_ruleai`` needs ``coupml`` (``pip install -e .[bench]``).
"""
