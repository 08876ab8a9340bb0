# node inheritance is not supported
node a inherits b { }
