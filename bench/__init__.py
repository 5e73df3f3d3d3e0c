"""Benchmarks: each module prints figures when run (`python -m bench.<name>`); tests never time things."""
