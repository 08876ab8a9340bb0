type Note = Object[{ parent => Annotation, attributes => { 'text' => String } }]
notify { 'n': message => annotate(Note, [1], { 'text' => 1 }) }
