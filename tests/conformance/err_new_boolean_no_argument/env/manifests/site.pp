notice(Boolean())
