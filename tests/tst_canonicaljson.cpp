// placeholder: the suite is being written
int main() { return 0; }
