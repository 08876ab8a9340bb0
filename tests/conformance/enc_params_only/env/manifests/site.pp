notify { 'x': message => $greeting }
