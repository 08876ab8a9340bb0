# function without parameter list
function no_params { }
