# with an environment hiera.yaml, hiera() also searches the module layer
notify { 'hiera': message => hiera('mod::k') }
notify { 'hiera_array': message => hiera_array('mod::arr') }
notify { 'env': message => hiera('env_key') }
