# else without if
else { }
