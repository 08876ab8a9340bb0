class m { notify { "x": } }
