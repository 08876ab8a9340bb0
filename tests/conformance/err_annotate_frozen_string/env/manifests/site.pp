type Note = Object[{ parent => Annotation, attributes => { 'text' => String } }]
notify { 'n': message => annotate(Note, 'literal', { 'text' => 'x' }) }
