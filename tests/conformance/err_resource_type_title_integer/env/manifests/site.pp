$r = Resource["notify", "a", 2]
