notify { 'nested': }
