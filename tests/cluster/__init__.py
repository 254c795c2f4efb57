"""Cluster mode over a real ZooKeeper (conftest.py starts it)."""
