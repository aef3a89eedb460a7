"""The components of Barrage as declarative tables (facts only, ids as in the reference)."""
