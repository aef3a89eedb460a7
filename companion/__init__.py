"""Barrage Companion: the referee, accountant and Automa for a real game of Barrage."""
