class m { notice(1e400) }
