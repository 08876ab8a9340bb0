notify { 'top': }
