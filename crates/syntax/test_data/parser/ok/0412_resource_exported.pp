# @@ exported resource
@@host { 'a': ip => '10.0.0.1' }
