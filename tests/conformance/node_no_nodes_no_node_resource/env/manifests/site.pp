# Without node statements there is no Node resource and no node name in classes.
notify { 'no nodes here': }
