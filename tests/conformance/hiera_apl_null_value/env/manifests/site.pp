include nul
