"""Reliability runs: the soak test."""
