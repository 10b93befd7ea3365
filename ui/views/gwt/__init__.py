"""The Great Western Trail family's table, shared by its editions: the per-edition data,
look and art (edition.py, source.py, layout.py, art.py), the playmat painter (board.py),
the player board (playerboard.py), the panels (panels.py) and the view (view.py), which an
edition subclasses (ui/views/gwt_el_paso/view.py)."""
