"""Great Western Trail: Argentina (spec: the rules specification of the edition): its rules on
the GWT family layer (games.gwt)."""
