$conf = { 'user' => 'app' }
[$user, $group] = $conf
