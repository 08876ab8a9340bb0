# A function file of a module may only define names in its namespace (app::thing).
notice(app::thing())
