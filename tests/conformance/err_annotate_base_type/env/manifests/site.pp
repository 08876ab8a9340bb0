notify { 'n': message => annotate(Annotation, [1], {}) }
