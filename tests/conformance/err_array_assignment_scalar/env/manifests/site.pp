[$user, $group] = 'root'
