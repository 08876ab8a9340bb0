include base
