"""Browser-independent UI: click picker, table session, page markup, strings, the page controller."""
