"""Playwright end-to-end tests: whole flows as a person taps them, in a real Chromium."""
