"""Great Western Trail: El Paso (Pfister & Krenner): the engine in progress; not registered yet."""
