include nosuch::thing
