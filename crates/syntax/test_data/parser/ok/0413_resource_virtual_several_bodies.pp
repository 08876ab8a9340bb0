# virtual resource with several bodies
@user {
  'a': uid => 1;
  'b': uid => 2;
}
