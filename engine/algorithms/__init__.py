"""Learners, one module per family, and the registry that lists them."""
