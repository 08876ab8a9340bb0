File['/nowhere'] { owner => 'root' }
