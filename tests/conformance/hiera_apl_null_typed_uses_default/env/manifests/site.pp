include nt
