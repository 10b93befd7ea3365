"""Herder movement on the trail: the family's (games/gwt/trail.py), under its former name."""
from games.gwt.trail import Destination, destinations, edges_ahead, path_length

__all__ = ["Destination", "destinations", "edges_ahead", "path_length"]
