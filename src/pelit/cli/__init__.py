"""The terminal front end: the ``pelit`` command (``main``), the table drawn
from one seat's view (``render``) and a match against bots (``play``)."""
