# Virtual resources are absent until realized; realize takes several references.
@user { 'alice': uid => 1001 }
@user { 'bob': uid => 1002 }
@user { 'carol': uid => 1003 }
realize(User['alice'])
realize([User['bob']], User['alice'])
