notify { "never": }
