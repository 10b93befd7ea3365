"""The Great Western Trail family: the rules every edition shares, parameterised by the
edition's data (games/gwt_el_paso/ is one edition)."""
