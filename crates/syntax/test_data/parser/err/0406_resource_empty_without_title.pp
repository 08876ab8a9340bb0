# resource with empty body and no title
file { }
