# define without parameter list
define no_params { }
