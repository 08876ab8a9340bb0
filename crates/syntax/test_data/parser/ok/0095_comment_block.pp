# block comments inline and spanning lines
/* a */ $x = /* b */ 1 /* c
d */ + 2
