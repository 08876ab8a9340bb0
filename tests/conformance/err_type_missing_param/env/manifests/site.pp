class c (String $needed) {}
include c
