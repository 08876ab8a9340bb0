# Smart parameter defaults from a params class that branches on a fact.
include webserver
