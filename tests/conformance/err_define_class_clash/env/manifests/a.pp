define thing () { }
