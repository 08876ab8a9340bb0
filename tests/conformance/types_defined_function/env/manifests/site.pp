notify { 'builtin': message => [defined('file'), defined(File), defined('cron'), defined('mytype'), defined(Mytype), defined('frobnicate')] }
