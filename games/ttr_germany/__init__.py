"""Ticket to Ride: Germany (Alan R. Moon, Days of Wonder 2017): trains and passengers across Germany.

For now only the published data (`games.ttr_germany.model`); the rules come later.
"""
