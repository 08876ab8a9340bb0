node default { }
