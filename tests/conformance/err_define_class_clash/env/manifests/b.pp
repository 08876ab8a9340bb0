# A class named like a defined type from another manifest.
class thing { }
