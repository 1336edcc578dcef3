"""Koryo (高麗): majorities of nine characters over eight rounds."""
