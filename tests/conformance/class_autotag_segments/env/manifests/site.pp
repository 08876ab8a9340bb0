# Resources in a class are tagged with the class name and each namespace segment.
include profile::web::frontend
