"""Lets every test folder import the shared helpers in tests/support.py."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
